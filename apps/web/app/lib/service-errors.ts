/**
 * For server loaders that call services in-process: a service's 404 (an AppError with statusCode 404)
 * becomes the router's 404 Response, so the page answers HTTP 404 with the not-found page (spec §2)
 * instead of a 500. Anything else is rethrown. Use as `.catch(notFoundResponse('Product not found'))`.
 */
export function notFoundResponse(message: string) {
  return (error: unknown): never => {
    const status = typeof error === 'object' && error !== null ? (error as { statusCode?: unknown }).statusCode : 0;
    if (status === 404) throw new Response(message, { status: 404, statusText: 'Not Found' });
    throw error;
  };
}

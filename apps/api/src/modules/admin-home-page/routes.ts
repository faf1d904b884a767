import { errorBody } from '@shop/contracts/errors';
import { adminHomePage, homePage, resolvedHomePage } from '@shop/contracts/home-page';
import { type AdminRoutesPlugin, actorOf, adminDoc } from '../types.ts';

const tags = ['admin: home page'];
const errors = { 400: errorBody, 401: errorBody, 403: errorBody };

/** Admin Home page: the home page's sections — staff and admins, like categories and content pages. */
export const adminHomePageRoutes: AdminRoutesPlugin = async (app, { services }) => {
  const home = services.adminHomePage;

  app.get(
    '/home-page',
    {
      schema: {
        ...adminDoc,
        tags,
        summary: 'The home page’s sections in order (the neutral home until some are saved)',
        response: { 200: adminHomePage, ...errors },
      },
    },
    () => home.get(),
  );

  app.put(
    '/home-page',
    {
      schema: {
        ...adminDoc,
        tags,
        summary: 'Replace the home page’s sections (the whole list, in order); the page shows them at once',
        body: homePage,
        response: { 200: adminHomePage, ...errors },
      },
    },
    (request) => home.save(actorOf(request), request.body),
  );

  app.delete(
    '/home-page',
    {
      schema: {
        ...adminDoc,
        tags,
        summary: 'Forget the saved sections: the home is the neutral one again (the store’s name, new arrivals)',
        response: { 200: adminHomePage, ...errors },
      },
    },
    (request) => home.reset(actorOf(request)),
  );

  app.post(
    '/home-page/preview',
    {
      schema: {
        ...adminDoc,
        tags,
        summary: 'What the home page would show with these sections (rails as products); nothing is saved',
        body: homePage,
        response: { 200: resolvedHomePage, ...errors },
      },
    },
    (request) => home.preview(request.body),
  );
};

/** A native select styled as the fields around it, red when its field has an error; it may shrink in a grid cell. */
export const NATIVE_SELECT =
  'flex h-10 w-full min-w-0 rounded-md border border-slate-300 bg-white px-3 text-sm focus-visible:outline-2 focus-visible:outline-slate-900 disabled:cursor-not-allowed disabled:bg-slate-100 disabled:text-slate-600 aria-[invalid=true]:border-red-600';

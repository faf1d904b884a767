/** The home page's sections (docs/adr/043-home-page-sections.md): services.ts and admin-home-page import only this. */
export { deleteHomePage, lockHomePage, selectHomePage, upsertHomePage } from './repository.ts';
export { createHomePageService, type HomePageService } from './service.ts';

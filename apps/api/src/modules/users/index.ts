/** The users module's public face: services.ts and app.ts import only from here. */
export { usersRoutes } from './routes.ts';
export { createUsersService, type UsersFailure, type UsersService } from './service.ts';

/** Request and reply schemas of the command service, for the web app (no server code behind this entry). */
export * from './users/users.contract';
export * from './site/site.contract';

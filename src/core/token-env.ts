/** The variable holding the token when an environment of the project file names none. */
export const DEFAULT_TOKEN_ENV = 'CRM_ACCESS_TOKEN';

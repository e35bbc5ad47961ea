/** The app's port in the browser journeys, and the back-office journey's own app beside it. */
export const APP_PORT = Number(process.env.E2E_PORT ?? 3999);
export const BACK_OFFICE_PORT = APP_PORT + 2;

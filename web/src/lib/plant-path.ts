/** The API's address of one plant, GET/PUT/DELETE /mango/:id; its care jobs, notes and history are below it. */
export const plantPath = (id: string) => `/mango/${encodeURIComponent(id)}`;

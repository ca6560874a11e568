/** The API's address of one plant, GET/PUT/DELETE /mango/:id; its waterings and history are below it. */
export const plantPath = (id: string) => `/mango/${encodeURIComponent(id)}`;

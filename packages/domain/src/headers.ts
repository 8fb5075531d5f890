/**
 * The header a list's search (a CPF, an order number) travels in, percent-encoded, so that a CPF
 * stays out of URLs and the logs that keep them; `?search=` is still read. A module of its own, free of
 * zod: the web's request client (on the login page's first load) reads it.
 */
export const SEARCH_HEADER = "X-Search";

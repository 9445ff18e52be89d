declare module 'virtual:loader-messages' {
  /** Per locale (`en-US`, `ar-EG`…), the loader's few words, from the catalogues at build time. */
  const messages: Record<string, import('./messages').LoaderMessages>;
  export default messages;
}

// Long questions (expected value, reviews) answered off the page's thread, so the page
// never freezes: {id, kind, request} in, {id, answer} out.
import { wasmBackend } from "./pairi.js";

const ready = wasmBackend();
self.onmessage = async (e) => {
  const { id, kind, request } = e.data;
  const b = await ready;
  self.postMessage({ id, answer: b.answerSync(kind, request) });
};

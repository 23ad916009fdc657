// How the page asks pairi: WebAssembly in the page (any static host), or the HTTP API
// of `pairi serve`. Both answer {ok: result} or {error: {kind, message}}; `answerText`
// gives the answer's JSON text as pairi wrote it (the tests compare it byte for byte).

const enc = new TextEncoder();
const dec = new TextDecoder();

/** pairi compiled to WebAssembly, answering in the calling thread. */
export async function wasmBackend(url = "pairi.wasm") {
  const response = await fetch(url);
  if (!response.ok) throw new Error(`${url}: ${response.status}`);
  // Compiled while it downloads when the host names its type, from bytes otherwise.
  const { instance } = (response.headers.get("content-type") || "").startsWith("application/wasm")
    ? await WebAssembly.instantiateStreaming(response, {})
    : await WebAssembly.instantiate(await response.arrayBuffer(), {});
  const x = instance.exports;
  const raw = (kind, request) => {
    const input = enc.encode(kind + "\n" + JSON.stringify(request));
    const at = x.pairi_input(input.length);
    new Uint8Array(x.memory.buffer, at, input.length).set(input);
    const len = x.pairi_answer();
    return dec.decode(new Uint8Array(x.memory.buffer, x.pairi_output(), len));
  };
  const answerSync = (kind, request) => JSON.parse(raw(kind, request));
  // `{"ok":…}` unwrapped: the result as pairi wrote it, or the error object.
  const answerText = async (kind, request) => {
    const text = raw(kind, request);
    return text.startsWith('{"ok":') ? text.slice(6, -1) : text;
  };
  return { name: "wasm", answerSync, answerText, answer: async (kind, request) => answerSync(kind, request) };
}

/** The HTTP API of `pairi serve`, at the page's own origin. */
export function httpBackend(base = "") {
  const post = (kind, request) =>
    fetch(`${base}/v1/${kind}`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify(request),
    });
  return {
    name: "http",
    async answer(kind, request) {
      const r = await post(kind, request);
      const body = await r.json();
      return r.ok ? { ok: body } : body;
    },
    async answerText(kind, request) {
      return (await post(kind, request)).text();
    },
  };
}

/** The server's API when the page is served by `pairi serve`, WebAssembly otherwise
 * (fetched and compiled while the server is asked, so a static host waits for one
 * round trip less). */
export async function backend() {
  const wasm = wasmBackend().catch((e) => e);
  try {
    const r = await fetch("/v1/health");
    if (r.ok && (await r.json()).status === "ok") return httpBackend("");
  } catch (_) {
    // A static host: no API.
  }
  const b = await wasm;
  if (b instanceof Error) throw b;
  return b;
}

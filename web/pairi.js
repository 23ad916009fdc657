// How the page asks pairi: WebAssembly in the page (any static host), or the HTTP API
// of `pairi serve`. Both answer {ok: result} or {error: {kind, message}}.

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
  const answerSync = (kind, request) => {
    const input = enc.encode(kind + "\n" + JSON.stringify(request));
    const at = x.pairi_input(input.length);
    new Uint8Array(x.memory.buffer, at, input.length).set(input);
    const len = x.pairi_answer();
    return JSON.parse(dec.decode(new Uint8Array(x.memory.buffer, x.pairi_output(), len)));
  };
  return { name: "wasm", answerSync, answer: async (kind, request) => answerSync(kind, request) };
}

/** The HTTP API of `pairi serve`, at the page's own origin. */
export function httpBackend(base = "") {
  return {
    name: "http",
    async answer(kind, request) {
      const r = await fetch(`${base}/v1/${kind}`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify(request),
      });
      const body = await r.json();
      return r.ok ? { ok: body } : body;
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

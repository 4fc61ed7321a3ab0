// The server's API (docs/studio.md): a refusal throws with the server's own
// message, and of each kind of call only the latest one's answer counts.

// A call of the API; a refusal throws with the server's message.
export async function call(path, options = {}) {
  const response = await fetch(path, options);
  if (!response.ok) {
    const body = await response.json().catch(() => null);
    throw new Error(body?.error?.message ?? `${response.status} ${response.statusText}`);
  }
  return response;
}

// A call whose answer is JSON (or nothing).
export async function api(path, options = {}) {
  const text = await (await call(path, options)).text();
  return text ? JSON.parse(text) : null;
}

// A POST of `body` as JSON.
export function posting(body, signal) {
  return { method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify(body), signal };
}

const latestCalls = {};

// Starts a call of `kind`, aborting the one before: its signal, and whether
// another has overtaken it since.
export function latest(kind) {
  latestCalls[kind]?.abort();
  const controller = new AbortController();
  latestCalls[kind] = controller;
  return { signal: controller.signal, overtaken: () => latestCalls[kind] !== controller };
}

// Aborts the call of `kind` under way, if any: what it would show is no longer wanted.
export function forget(kind) {
  latestCalls[kind]?.abort();
  delete latestCalls[kind];
}

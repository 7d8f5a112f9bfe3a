// pianitsa101: Pyodide as the site's kernel worker loads it, plus an interrupt signal.
//
// lite/build.py points the kernel's `pyodideUrl` here (static/pyodide/interruptible.mjs, beside
// pyodide.mjs). In a cross-origin isolated page this hands Pyodide a one-number SharedArrayBuffer
// (pyodide.setInterruptBuffer) and posts it to the page, where interrupt.js writes 2 (SIGINT) into
// it when the student clicks Kernel > Interrupt: Python then raises KeyboardInterrupt in the
// running cell. Without isolation (no shared memory) this is plain Pyodide.
import { loadPyodide as loadPlainPyodide } from "./pyodide.mjs";

export * from "./pyodide.mjs";

/** Load Pyodide (the same options); when memory can be shared, give it an interrupt signal. */
export async function loadPyodide(options) {
  const pyodide = await loadPlainPyodide(options);
  if (globalThis.crossOriginIsolated && typeof SharedArrayBuffer === "function") {
    const signal = new Int32Array(new SharedArrayBuffer(Int32Array.BYTES_PER_ELEMENT));
    pyodide.setInterruptBuffer(signal);
    globalThis.postMessage({ pianitsa101InterruptSignal: signal });
  }
  return pyodide;
}

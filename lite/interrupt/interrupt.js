// pianitsa101: Kernel > Interrupt stops a running cell in the in-browser site.
//
// jupyterlite-core 0.8's Interrupt only cancels the cells waiting in the queue, and
// jupyterlite-pyodide-kernel 0.8 never signals Pyodide, so `while True: pass` ran on. lite/build.py
// loads this script first in lab/index.html. In a cross-origin isolated page (serve.py sends the
// headers) each kernel worker posts the interrupt signal Pyodide watches (interruptible.mjs); this
// script keeps it per worker and, when a busy kernel is interrupted, writes 2 (SIGINT) into it:
// Python raises KeyboardInterrupt in the running cell, and the kernel is free for the next one.
// Not isolated (a host without the headers): nothing changes, Interrupt cancels waiting cells only.
(function () {
  "use strict";
  if (!globalThis.crossOriginIsolated) {
    return;
  }
  const SIGINT = 2;
  const signals = new WeakMap(); // kernel worker -> the Int32Array its Pyodide watches

  // Every worker the page makes keeps the signal its Pyodide posts (only kernel workers post one).
  const PlainWorker = globalThis.Worker;
  class SignalledWorker extends PlainWorker {
    constructor(url, options) {
      super(url, options);
      this.addEventListener("message", (event) => {
        const signal = event.data && event.data.pianitsa101InterruptSignal;
        if (signal instanceof Int32Array) {
          signals.set(this, signal);
          event.stopImmediatePropagation();
        }
      });
    }
  }
  globalThis.Worker = SignalledWorker;

  /** Signal the kernel `kernelId` of JupyterLite's kernel client, if a cell of it is running. */
  function signalRunningCell(client, kernelId) {
    const kernel = client._kernels && client._kernels.get(kernelId);
    const signal = kernel && kernel._worker && signals.get(kernel._worker);
    const mutex = client._mutexMap && client._mutexMap.get(kernelId);
    if (!signal || !mutex || !mutex.isLocked()) {
      return; // an idle kernel: a signal left pending would stop the next cell instead
    }
    Atomics.store(signal, 0, SIGINT);
    // Pyodide clears it when it raises; if the cell ended first, clear it for the next cell.
    mutex.waitForUnlock().then(() => Atomics.store(signal, 0, 0));
  }

  /** Wrap the kernel client's interrupt (menu, toolbar, shortcut all end there), once. */
  function patch(client) {
    const proto = Object.getPrototypeOf(client);
    if (typeof proto.interrupt !== "function" || proto.interrupt.pianitsa101) {
      return;
    }
    const cancelWaiting = proto.interrupt;
    const interrupt = async function (kernelId) {
      signalRunningCell(this, kernelId);
      return cancelWaiting.call(this, kernelId);
    };
    interrupt.pianitsa101 = true;
    proto.interrupt = interrupt;
  }

  // JupyterLite hands its app to window.jupyterapp (exposeAppInBrowser) before it starts any
  // kernel: patch its kernel client at that moment.
  let app;
  Object.defineProperty(globalThis, "jupyterapp", {
    configurable: true,
    enumerable: true,
    get: () => app,
    set: (value) => {
      app = value;
      const kernels = value && value.serviceManager && value.serviceManager.kernels;
      if (kernels && kernels._kernelAPIClient) {
        patch(kernels._kernelAPIClient);
      } else {
        console.warn("pianitsa101: no JupyterLite kernel client: Interrupt cancels waiting cells only");
      }
    },
  });
})();

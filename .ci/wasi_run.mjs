// Runs a wasm32-wasip1 program under Node's WASI: node wasi_run.mjs PROGRAM.wasm ARGS…
// The file system is opened to the program at `/`, so absolute paths work as they do natively.
// The exit code is the program's. Redirect stdout to a file: Node's WASI fails on a pipe.
import { readFile } from "node:fs/promises";
import { WASI } from "node:wasi";

const [program, ...args] = process.argv.slice(2);
const wasi = new WASI({
  version: "preview1",
  args: [program, ...args],
  env: {},
  preopens: { "/": "/" },
  returnOnExit: true,
});
const module = await WebAssembly.compile(await readFile(program));
const instance = await WebAssembly.instantiate(module, wasi.getImportObject());
process.exitCode = wasi.start(instance);

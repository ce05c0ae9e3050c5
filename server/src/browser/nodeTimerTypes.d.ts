// The LSP glue names its timers `NodeJS.Timeout` (setTimeout's type under @types/node, which the
// worker's type check leaves out): here the same name stands for the browser's timer id.
declare namespace NodeJS {
	type Timeout = ReturnType<typeof setTimeout>;
}

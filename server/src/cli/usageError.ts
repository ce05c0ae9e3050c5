/** A failure the user must fix before anything can be checked (exit status 2). */
export class UsageError extends Error {}

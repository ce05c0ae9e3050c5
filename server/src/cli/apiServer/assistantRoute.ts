import { errorReply, type Router } from './router';

/** Path of the assistant endpoint (spec, Endpoints 2). */
export const assistantMessagePath = '/discovery/v1/assistant/:domain/message';

/**
 * Registers the assistant endpoint. Until the Assistant issue implements the streamed reply, it
 * answers 501 so clients get a clear message. That issue replaces this handler (Router.add with
 * the same method and path replaces a route) and may use `auth: 'assistant'` to check the key.
 */
export function registerAssistantRoutes(router: Router): void {
	router.add('POST', assistantMessagePath, () =>
		errorReply(501, 'not_implemented', 'The assistant endpoint is not implemented in this version of the MintDoc API stand-in.'), { auth: 'assistant' });
}

import type { LanguageService } from '../core/languageService';
import type { DocsWorkspace } from '../core/workspace';
import { createPreviewService, type PreviewService } from './previewService';

/** A language service that also renders its sites' pages: what the server and `mintdoc preview` run. */
export type PreviewingService = LanguageService & PreviewService;

/**
 * Adds the site preview to a language service. The preview is built on the core (its site models,
 * pages and OpenAPI documents) and the core knows nothing of it: this is where the two meet.
 */
export function withPreview(service: LanguageService, workspace: DocsWorkspace): PreviewingService {
	const preview = createPreviewService({
		workspace,
		roots: () => service.roots,
		rootOf: uri => service.rootOf(uri),
		getSite: (root, token) => service.getSite(root, token),
	});
	return Object.assign(service, preview);
}

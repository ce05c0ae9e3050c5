import { noCancellation } from '../../../../server/src/core/cancellation';
import { createLanguageService } from '../../../../server/src/core/languageService';
import { InMemoryWorkspace, workspaceRoot } from '../../../helpers/inMemoryWorkspace';

/** The site model of in-memory files, and a reader of their text (undefined for a missing file), as the llms code is given them. */
export async function siteOf(files: Record<string, string>) {
	const workspace = new InMemoryWorkspace(files);
	const service = createLanguageService({ workspace });
	await service.findDocsRoots(noCancellation);
	const site = await service.getSite(workspaceRoot, noCancellation);
	const read = async (uri: string) => {
		try {
			return (await workspace.readDocument(uri))?.getText();
		} catch {
			return undefined;
		}
	};
	return { site, read };
}

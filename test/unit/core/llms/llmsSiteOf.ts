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

/** A site of `count` guide pages whose descriptions make llms.txt pass the 100,000-character cap (12 sentences each). */
export function manyPagesSite(count: number, page: (title: string, extra: string) => string): Record<string, string> {
	const files: Record<string, string> = {};
	const pages: string[] = [];
	for (let i = 0; i < count; i++) {
		pages.push(`guides/page-${i}`);
		files[`guides/page-${i}.mdx`] = page(`Page ${i}`, `description: ${`Words about page ${i}. `.repeat(12)}\n`);
	}
	files['docs.json'] = JSON.stringify({ name: 'Big', navigation: { groups: [{ group: 'Guides', pages }] } });
	return files;
}

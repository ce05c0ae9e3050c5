/** Command ids, as contributed in package.json. */
export const Commands = {
	restartServer: 'mintdoc.restartServer',
	showOutput: 'mintdoc.showOutput',
	showStatusMenu: 'mintdoc.showStatusMenu',
	movePage: 'mintdoc.movePage',
	checkExternalLinks: 'mintdoc.checkExternalLinks',
} as const;

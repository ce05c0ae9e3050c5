import { randomBytes } from 'node:crypto';
import type { Reply } from './router';

/**
 * The project's automations ("workflows") the stand-in knows, for
 * `POST /v1/workflow/{projectId}/{workflowSchemaId}/trigger`. The platform runs only active
 * automations with a custom schedule from this endpoint; others are a 400, unknown ids a 404.
 */
export interface StandInWorkflow {
	/** 24 hex digits, as the dashboard shows it. */
	readonly id: string;
	readonly name: string;
	readonly active: boolean;
	readonly schedule: 'custom' | 'on-push';
}

export const demoWorkflows: readonly StandInWorkflow[] = [
	{ id: '66a1f0c2b7d4e3f8a6c1b2d0', name: 'Weekly changelog draft', active: true, schedule: 'custom' },
	{ id: '66a1f0c2b7d4e3f8a6c1b2d1', name: 'Stale page review', active: true, schedule: 'custom' },
	{ id: '66a1f0c2b7d4e3f8a6c1b2d2', name: 'Translate new pages (paused)', active: false, schedule: 'custom' },
	{ id: '66a1f0c2b7d4e3f8a6c1b2d3', name: 'Fix broken links on push', active: true, schedule: 'on-push' },
];

/** The answer to a trigger: 202 with the run's ids, or the documented 400/404. */
export function triggerWorkflow(workflows: readonly StandInWorkflow[], id: string): Reply {
	if (!/^[0-9a-f]{24}$/i.test(id))
		return { status: 400, body: { error: `The automation id '${id.slice(0, 40)}' is malformed: 24 hexadecimal digits expected` } };
	const workflow = workflows.find(w => w.id.toLowerCase() === id.toLowerCase());
	if (!workflow) return { status: 404, body: { error: `No automation '${id}' in this project` } };
	if (!workflow.active) return { status: 400, body: { error: `The automation '${workflow.name}' is not active` } };
	if (workflow.schedule !== 'custom')
		return { status: 400, body: { error: `The automation '${workflow.name}' has no custom schedule, so it cannot be triggered` } };
	return {
		status: 202,
		body: { schemaId: workflow.id, instanceId: randomBytes(12).toString('hex'), jobId: `job_${randomBytes(8).toString('hex')}` },
	};
}

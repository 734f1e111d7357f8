// The drone tasks (/api/uav/…): whether a drone service is configured, the caller's tasks as
// the service lists them, and a new task sent to it.
import { queryOptions } from '@tanstack/react-query';
import { api, unwrap } from '../../../api/client';
import type { components } from '../../../api/schema';

export type UavTask = components['schemas']['UavTask'];
export type UavTaskStatus = components['schemas']['TaskStatus'];
export type NewUavTask = components['schemas']['NewUavTask'];
export type AddedTask = components['schemas']['AddedTask'];

export const uavStatusQuery = queryOptions({
  queryKey: ['uav', 'status'],
  queryFn: () => unwrap(api.GET('/api/uav/status')),
});

// Quiet: the page shows the service's failure in the list's place, not as a toast.
export const uavTasksQuery = queryOptions({
  queryKey: ['uav', 'tasks'],
  queryFn: () => unwrap(api.GET('/api/uav/task'), { quiet: true }),
});

/** Sends a task; quiet, as the form shows the refusal above itself. */
export function addUavTask(task: NewUavTask): Promise<AddedTask> {
  return unwrap(api.POST('/api/uav/task', { body: task }), { quiet: true });
}

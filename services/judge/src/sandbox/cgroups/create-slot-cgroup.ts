import { createCgroupV1Slot } from './cgroup-v1';
import { createCgroupV2Slot } from './cgroup-v2';
import type { CgroupHierarchy } from './cgroup-hierarchy';
import type { SlotCgroup, SlotCgroupOptions } from './slot-cgroup';

/** v2 makes one cgroup per run whatever the options: the pooled backend is not offered on v2 (create-sandbox.ts). */
export function createSlotCgroup(
  hierarchy: CgroupHierarchy,
  name: string,
  options: SlotCgroupOptions = {},
): Promise<SlotCgroup> {
  return hierarchy.version === 'v1'
    ? createCgroupV1Slot(hierarchy, name, options)
    : createCgroupV2Slot(hierarchy.dir, name);
}

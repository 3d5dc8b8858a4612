import { createCgroupV1Slot } from './cgroup-v1';
import { createCgroupV2Slot } from './cgroup-v2';
import type { CgroupHierarchy } from './cgroup-hierarchy';
import type { SlotCgroup } from './slot-cgroup';

export function createSlotCgroup(hierarchy: CgroupHierarchy, name: string): Promise<SlotCgroup> {
  return hierarchy.version === 'v1' ? createCgroupV1Slot(hierarchy, name) : createCgroupV2Slot(hierarchy.dir, name);
}

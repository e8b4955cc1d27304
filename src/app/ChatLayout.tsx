/**
 * /lms/chat inside the shell: an area's screen with its own columns beside it (the chat's discipline
 * and contact columns beside its conversation). The manifest (areas.ts) hands it the area's parts.
 */
import type { ComponentType } from 'react';
import { selectIsMobile } from '@shared/shell/shell.slice';
import { useAppSelector } from '@shared/hooks';
import Layout from './Layout';

export interface ColumnsScreen {
  /** The conversation, told whether it shows on a phone. */
  Screen: ComponentType<{ mobile: boolean }>;
  disciplineColumn: ComponentType;
  contactColumn: ComponentType;
}

/** The shell with the area's columns and its screen, as a route's screen. */
export function withColumns({ Screen, disciplineColumn: DisciplineColumn, contactColumn: ContactColumn }: ColumnsScreen): ComponentType {
  return function ChatLayout() {
    const mobile = useAppSelector(selectIsMobile);
    return (
      <Layout disciplineColumn={<DisciplineColumn />} contactColumn={<ContactColumn />}>
        <Screen mobile={mobile} />
      </Layout>
    );
  };
}

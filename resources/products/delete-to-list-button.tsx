/**
 * "Delete" on a detail page — docs/commerce-ui.md "Deleting from a detail page": a confirmation that says
 * what the delete will do, then the list (replacing the history entry, so Back does not return to a
 * page whose record is gone). Offered only to roles that may delete the resource (Refine's useCan).
 * Inside a record page (resources/shared/record-page.tsx) the page stops reading the record it just
 * deleted, so no "not found" follows the success message (docs/commerce-ui.md "Unknown ids and deleted records").
 */
import type { ReactNode } from 'react';
import { Button, Modal } from 'antd';
import { DeleteOutlined } from '@ant-design/icons';
import { useCan, useDelete } from '@refinedev/core';
import { useNavigate } from 'react-router';
import { userMessage } from '../../providers/api';
import { useRecordGate } from '../shared/record-page';

interface Props {
  resource: string;
  id: string;
  /** Where to go after the delete, e.g. "/suppliers". */
  listPath: string;
  title: string;
  /** What the delete will do (counts from the server). */
  content: ReactNode;
}

export function DeleteToListButton({ resource, id, listPath, title, content }: Props) {
  const navigate = useNavigate();
  const gate = useRecordGate();
  const [modal, contextHolder] = Modal.useModal();
  const { mutateAsync, mutation } = useDelete();
  const allowed = useCan({ resource, action: 'delete', params: { id } }).data?.can === true;
  if (!allowed) return null;

  const confirm = () =>
    modal.confirm({
      title,
      content,
      okText: 'Delete',
      okButtonProps: { danger: true },
      onOk: async () => {
        try {
          await mutateAsync({
            resource,
            id,
            errorNotification: (err) => ({ type: 'error', message: 'Could not delete', description: userMessage(err) }),
          });
        } catch {
          return; // the notification says why; the record is still there, so stay on its page
        }
        gate?.leave();
        navigate(listPath, { replace: true });
      },
    });

  return (
    <>
      {contextHolder}
      <Button danger icon={<DeleteOutlined />} loading={mutation.isPending} onClick={confirm}>
        Delete
      </Button>
    </>
  );
}

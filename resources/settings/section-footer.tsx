/** The foot of a settings section's form: who changed it last and when, and its save button for those who may edit (docs/settings.md). */
import { Button, Typography } from 'antd';

export function SectionFooter({ updatedAt, updatedBy, canEdit, saving, saveLabel }: { updatedAt: string | null | undefined; updatedBy: string | null | undefined; canEdit: boolean; saving: boolean; saveLabel: string }) {
  return (
    <>
      {updatedAt && (
        <Typography.Paragraph type="secondary">
          Last changed by {updatedBy ?? 'someone'} on {new Date(updatedAt).toLocaleString('en-US', { dateStyle: 'medium', timeStyle: 'short' })}.
        </Typography.Paragraph>
      )}
      {canEdit && (
        <Button type="primary" htmlType="submit" loading={saving}>
          {saveLabel}
        </Button>
      )}
    </>
  );
}

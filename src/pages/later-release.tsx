/**
 * The honest page of a route whose domain arrives in a later release (docs/shell.md): the real title,
 * what the area is for, and no invented data.
 */
import { Card, Empty, Typography } from 'antd';
import { PageHeader } from '../shell/page-header';

export interface LaterReleaseProps {
  title: string;
  /** One sentence on what the area will do for the seller. */
  description: string;
}

export function LaterRelease({ title, description }: LaterReleaseProps) {
  return (
    <>
      <PageHeader title={title} subtitle={description} />
      <Card>
        <Empty
          image={Empty.PRESENTED_IMAGE_SIMPLE}
          description={
            <>
              <Typography.Text strong>This area arrives in a later release.</Typography.Text>
              <br />
              <Typography.Text type="secondary">Nothing is shown here until it works with your real data.</Typography.Text>
            </>
          }
        />
      </Card>
    </>
  );
}

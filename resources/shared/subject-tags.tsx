/** Event subjects (or subject filters) as monospace tags: the consumers table and the webhooks table. */
import { Flex, Tag } from 'antd';

const MONO = { fontFamily: 'ui-monospace, Menlo, Consolas, monospace' };

export function SubjectTags({ subjects }: { subjects: readonly string[] }) {
  return (
    <Flex gap={4} wrap>
      {subjects.map((x) => (
        <Tag key={x} style={MONO}>
          {x}
        </Tag>
      ))}
    </Flex>
  );
}

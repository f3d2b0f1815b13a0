/** What a chart card shows instead of an empty plot: a sentence, centred at the chart's height. */
import { Empty, Flex } from 'antd';

export const CHART_HEIGHT = 240;

export function ChartEmpty({ text, height = CHART_HEIGHT }: { text: string; height?: number }) {
  return (
    <Flex align="center" justify="center" style={{ height }}>
      <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={text} />
    </Flex>
  );
}

/**
 * A product's images on its page (docs/marketplaces.md "Product images"): the list from
 * GET /api/products/{id}/images (useList), upload (antd Upload, sent as the raw file), add by URL
 * (useCreate), alt text edited in place, delete after confirmation. Uploaded images are fetched with the
 * session (they are tenant-checked) and shown from an object URL. The image bytes, both ways, are the
 * API client's raw bodies (docs/api-client.md "Raw bodies and files"); everything else is JSON through
 * the data provider.
 */
import { useEffect, useState } from 'react';
import { useCreate, useDelete, useList, useNotification, useUpdate } from '@refinedev/core';
import { Button, Card, Empty, Flex, Image, Input, Popconfirm, Skeleton, Space, Table, Tag, Typography, Upload } from 'antd';
import { DeleteOutlined, UploadOutlined } from '@ant-design/icons';
import type { UploadProps } from 'antd';
import { apiClient } from '../../providers/app-client';
import { finalMessage } from '../../providers/api';
import { LoadError } from '../shared/list-error';
import { IMAGE_CONTENT_TYPES, IMAGE_MAX_BYTES, type ProductImage } from '../../contract/images';

function Thumb({ image }: { image: ProductImage }) {
  const [src, setSrc] = useState<string | null>(image.uploaded ? null : image.url);
  useEffect(() => {
    if (!image.uploaded) return;
    let url: string | null = null;
    let live = true;
    apiClient
      .blob(image.url.replace(/^\/api/, ''))
      .then((b) => {
        url = URL.createObjectURL(b);
        if (live) setSrc(url);
      })
      .catch(() => undefined);
    return () => {
      live = false;
      if (url) URL.revokeObjectURL(url);
    };
  }, [image.uploaded, image.url]);
  if (!src) return <Skeleton.Image active style={{ width: 64, height: 64 }} />;
  return <Image src={src} alt={image.alt ?? ''} width={64} height={64} style={{ objectFit: 'cover' }} />;
}

function AltText({ image }: { image: ProductImage }) {
  const { mutate, mutation } = useUpdate<ProductImage>();
  const [value, setValue] = useState(image.alt ?? '');
  useEffect(() => setValue(image.alt ?? ''), [image.alt]);
  const save = () => {
    if (value === (image.alt ?? '')) return;
    mutate({ resource: 'images', id: image.id, values: { alt: value.trim() === '' ? null : value }, successNotification: false, invalidates: [] });
  };
  return (
    <Input
      aria-label={`Alt text of image ${image.position}`}
      value={value}
      maxLength={512}
      placeholder="Describe the image"
      disabled={mutation.isPending}
      onChange={(e) => setValue(e.target.value)}
      onBlur={save}
      onPressEnter={save}
    />
  );
}

export function ProductImages({ productId }: { productId: string }) {
  const { open } = useNotification();
  // resource `images` (its PUT/DELETE are /images/{id}); the list is the product's
  const { query, result } = useList<ProductImage>({ resource: 'images', meta: { path: `/products/${productId}/images` }, pagination: { mode: 'off' } });
  const { mutate: remove } = useDelete();
  const { mutateAsync: create } = useCreate<ProductImage>();
  const [url, setUrl] = useState('');
  const [busy, setBusy] = useState(false);
  const images = result?.data ?? [];
  const refresh = () => void query.refetch();

  const fail = (e: unknown) => open?.({ type: 'error', message: 'Could not add the image', description: finalMessage(e) });

  const upload: UploadProps['customRequest'] = async ({ file, onSuccess, onError }) => {
    const f = file as File;
    setBusy(true);
    try {
      await apiClient.post(`/products/${productId}/images`, undefined, { rawBody: f, headers: { 'Content-Type': f.type } });
      onSuccess?.({});
      refresh();
    } catch (e) {
      onError?.(e as Error);
      fail(e);
    } finally {
      setBusy(false);
    }
  };

  const beforeUpload: UploadProps['beforeUpload'] = (f) => {
    if (!(IMAGE_CONTENT_TYPES as readonly string[]).includes(f.type)) {
      open?.({ type: 'error', message: 'Not an image', description: 'Upload a PNG, JPEG, GIF, WebP or AVIF image.' });
      return Upload.LIST_IGNORE;
    }
    if (f.size > IMAGE_MAX_BYTES) {
      open?.({ type: 'error', message: 'Image too large', description: `An image is at most ${IMAGE_MAX_BYTES / 1024 / 1024} MB.` });
      return Upload.LIST_IGNORE;
    }
    return true;
  };

  const addUrl = async () => {
    if (!url.trim()) return;
    setBusy(true);
    try {
      await create({
        resource: 'images',
        meta: { path: `/products/${productId}/images` },
        values: { url: url.trim() },
        // the page says it (fail) and refreshes its own list
        successNotification: false,
        errorNotification: false,
        invalidates: [],
      });
      setUrl('');
      refresh();
    } catch (e) {
      fail(e);
    } finally {
      setBusy(false);
    }
  };

  return (
    <Card title={<Typography.Title level={2} style={{ fontSize: 16, margin: 0 }}>Images</Typography.Title>} size="small" style={{ marginBottom: 24 }}>
      <Flex gap={8} wrap style={{ marginBottom: 12 }}>
        <Upload accept={IMAGE_CONTENT_TYPES.join(',')} showUploadList={false} customRequest={upload} beforeUpload={beforeUpload} multiple>
          <Button icon={<UploadOutlined />} loading={busy}>Upload image</Button>
        </Upload>
        <Space.Compact style={{ minWidth: 320, flex: 1 }}>
          <Input aria-label="Image URL" placeholder="https://… image URL" value={url} onChange={(e) => setUrl(e.target.value)} onPressEnter={() => void addUrl()} />
          <Button onClick={() => void addUrl()} disabled={!url.trim() || busy}>Add by URL</Button>
        </Space.Compact>
      </Flex>
      {query.isError ? (
        <LoadError what="the images" error={query.error} onRetry={refresh} />
      ) : (
        <Table<ProductImage>
          rowKey="id"
          size="small"
          loading={query.isLoading}
          dataSource={images}
          pagination={false}
          // on a phone the table scrolls within its card, not the page
          scroll={{ x: 'max-content' }}
          locale={{ emptyText: <Empty description="No images yet: marketplaces refuse listings without one" /> }}
          columns={[
            { title: 'Image', key: 'thumb', width: 88, render: (_, i) => <Thumb image={i} /> },
            { title: 'Position', dataIndex: 'position', width: 90, align: 'right' },
            { title: 'Alt text', key: 'alt', render: (_, i) => <AltText image={i} /> },
            {
              title: 'Source',
              key: 'source',
              render: (_, i) => (i.uploaded ? <Tag>Uploaded{i.size_bytes ? ` · ${Math.ceil(i.size_bytes / 1024)} KB` : ''}</Tag> : <Typography.Text ellipsis style={{ maxWidth: 240 }}>{i.url}</Typography.Text>),
            },
            { title: 'Variant', dataIndex: 'variant_id', width: 100, render: (v: string | null) => (v ? 'Variant' : 'Product') },
            {
              title: 'Actions',
              key: 'actions',
              width: 60,
              render: (_, i) => (
                <Popconfirm
                  title="Delete this image?"
                  description="Listings of this product are pushed again without it."
                  okText="Delete"
                  okButtonProps={{ danger: true }}
                  onConfirm={() => remove({ resource: 'images', id: i.id, successNotification: false }, { onSuccess: refresh })}
                >
                  <Button danger type="text" icon={<DeleteOutlined />} aria-label={`Delete image ${i.position}`} />
                </Popconfirm>
              ),
            },
          ]}
        />
      )}
    </Card>
  );
}

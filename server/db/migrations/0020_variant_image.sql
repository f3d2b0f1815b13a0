-- A variant's picture, kept on the variant (docs/performance.md "Listings"): its own first image by
-- position, else its product's first image for every variant. A listing page looked it up per row
-- (an index scan and a sort for each of 50 rows, ~0.3 ms of a page); now it comes with the variant
-- the page reads anyway. Image writes keep it: one statement-level trigger per kind of write
-- recomputes the variants of the products it touched; a new variant takes its product's picture.
alter table product_variants add column image_url text;

create function variant_image(p_product uuid, p_variant uuid) returns text language sql stable as $$
  select i.url from product_images i
   where i.product_id = p_product and (i.variant_id is null or i.variant_id = p_variant)
   order by (i.variant_id is null), i.position limit 1
$$;

create function refresh_variant_images(products uuid[]) returns void language sql as $$
  update product_variants v set image_url = f.url
    from (select v2.id, variant_image(v2.product_id, v2.id) as url from product_variants v2 where v2.product_id = any(products)) f
   where v.id = f.id and v.image_url is distinct from f.url
$$;

create function product_images_changed() returns trigger language plpgsql as $$
begin
  if tg_op = 'INSERT' then
    perform refresh_variant_images(array(select distinct product_id from new_images));
  elsif tg_op = 'DELETE' then
    perform refresh_variant_images(array(select distinct product_id from old_images));
  else
    perform refresh_variant_images(array(select product_id from new_images union select product_id from old_images));
  end if;
  return null;
end $$;
create trigger product_images_inserted after insert on product_images
  referencing new table as new_images for each statement execute function product_images_changed();
create trigger product_images_updated after update on product_images
  referencing new table as new_images old table as old_images for each statement execute function product_images_changed();
create trigger product_images_deleted after delete on product_images
  referencing old table as old_images for each statement execute function product_images_changed();

create function product_variants_image() returns trigger language plpgsql as $$
begin
  new.image_url := variant_image(new.product_id, new.id);
  return new;
end $$;
create trigger product_variants_image before insert or update of product_id on product_variants
  for each row execute function product_variants_image();

update product_variants v set image_url = variant_image(v.product_id, v.id);

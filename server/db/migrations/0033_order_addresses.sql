-- Every order has a full ship-to address (docs/commerce.md "Ship-to address"): `orders.ship_to` is
-- required from now on and complete — name, street line, city, postal code, the country of
-- `ship_to_country`, and a region (state, province, territory) in US, CA and AU. The contract's
-- schema (contract/addresses.ts) checks the formats on the way in; this check is the database's
-- floor under it. Return labels keep the customer's address as where the parcel comes from
-- (`shipments.ship_from_address`) and are addressed to the seller.

-- Orders without a complete address get one generated from their key (md5 of tenant and id: the
-- same address on every engine and every run): a street, a city of the order's country with its
-- region and a postal code of that city's format; a field the order had already is kept. The name
-- is the address's, else the customer's, else "Customer <id>".
with src as (
  select o.tenant_id, o.id, o.ship_to_country as c,
         coalesce(nullif(btrim(o.ship_to->>'name'), ''), nullif(btrim(o.customer_name), ''), 'Customer ' || o.id) as name,
         case when jsonb_typeof(o.ship_to) = 'object' then o.ship_to else '{}'::jsonb end as old,
         ('x' || substr(md5(o.tenant_id::text || ':' || o.id), 1, 7))::bit(28)::int as h1,
         ('x' || substr(md5(o.tenant_id::text || ':' || o.id), 8, 7))::bit(28)::int as h2,
         ('x' || substr(md5(o.tenant_id::text || ':' || o.id), 15, 7))::bit(28)::int as h3
    from orders o
   where not coalesce(
     jsonb_typeof(o.ship_to) = 'object'
     and btrim(coalesce(o.ship_to->>'name', '')) <> ''
     and btrim(coalesce(o.ship_to->>'line1', '')) <> ''
     and btrim(coalesce(o.ship_to->>'city', '')) <> ''
     and btrim(coalesce(o.ship_to->>'postal_code', '')) <> ''
     and o.ship_to->>'country' = o.ship_to_country
     and (o.ship_to_country not in ('US', 'CA', 'AU') or btrim(coalesce(o.ship_to->>'region', '')) <> ''), false)
),
-- a city per country with its region and the start of its postal codes
places(country, n, city, region, postal) as (values
  ('US', 0, 'New York', 'NY', '100'), ('US', 1, 'Los Angeles', 'CA', '900'), ('US', 2, 'Chicago', 'IL', '606'), ('US', 3, 'Houston', 'TX', '770'),
  ('US', 4, 'Austin', 'TX', '787'), ('US', 5, 'Phoenix', 'AZ', '850'), ('US', 6, 'Philadelphia', 'PA', '191'), ('US', 7, 'Seattle', 'WA', '981'),
  ('US', 8, 'Denver', 'CO', '802'), ('US', 9, 'Boston', 'MA', '021'), ('US', 10, 'Atlanta', 'GA', '303'), ('US', 11, 'Miami', 'FL', '331'),
  ('US', 12, 'Portland', 'OR', '972'), ('US', 13, 'Minneapolis', 'MN', '554'), ('US', 14, 'Nashville', 'TN', '372'), ('US', 15, 'Columbus', 'OH', '432'),
  ('CA', 0, 'Toronto', 'ON', 'M5V'), ('CA', 1, 'Ottawa', 'ON', 'K1P'), ('CA', 2, 'Montréal', 'QC', 'H2X'), ('CA', 3, 'Vancouver', 'BC', 'V6B'),
  ('CA', 4, 'Calgary', 'AB', 'T2P'), ('CA', 5, 'Halifax', 'NS', 'B3J'),
  ('GB', 0, 'London', null, 'SW1A'), ('GB', 1, 'Manchester', null, 'M1'), ('GB', 2, 'Birmingham', null, 'B1'), ('GB', 3, 'Leeds', null, 'LS1'),
  ('GB', 4, 'Bristol', null, 'BS1'), ('GB', 5, 'Edinburgh', null, 'EH1'),
  ('AU', 0, 'Sydney', 'NSW', '200'), ('AU', 1, 'Melbourne', 'VIC', '300'), ('AU', 2, 'Brisbane', 'QLD', '400'), ('AU', 3, 'Perth', 'WA', '600'),
  ('AU', 4, 'Adelaide', 'SA', '500'), ('AU', 5, 'Canberra', 'ACT', '260')
),
counts as (select country, count(*)::int as cnt from places group by country),
gen as (
  select s.tenant_id, s.id, s.c, s.name, s.old,
         case when s.c = 'US'
              then (1 + (s.h1 / 16) % 9899)::text || ' ' || (array['Maple Avenue', 'Oak Street', 'Cedar Lane', 'Elm Street', 'Park Avenue', 'Lakeview Drive',
                     'Pine Street', 'Highland Avenue', 'Main Street', 'Madison Avenue', 'River Road', 'Willow Court'])[1 + s.h1 % 12]
              else (1 + (s.h1 / 16) % 199)::text || ' ' || (array['High Street', 'Station Road', 'Church Street', 'Victoria Road', 'Park Road', 'King Street',
                     'Queen Street', 'Market Street'])[1 + s.h1 % 8]
         end as line1,
         coalesce(p.city, 'Central District') as city,
         p.region,
         case s.c
           when 'US' then p.postal || lpad((s.h3 % 100)::text, 2, '0')
           when 'CA' then p.postal || ' ' || (s.h3 % 10)::text || substr('ABCEGHJKLMNPRSTVWXYZ', 1 + (s.h3 / 10) % 20, 1) || ((s.h3 / 200) % 10)::text
           when 'GB' then p.postal || ' ' || (s.h3 % 10)::text || substr('ABDEFGHJLNPQRSTUWXYZ', 1 + (s.h3 / 10) % 20, 1) || substr('ABDEFGHJLNPQRSTUWXYZ', 1 + (s.h3 / 200) % 20, 1)
           when 'AU' then p.postal || (s.h3 % 10)::text
           else lpad((s.h3 % 100000)::text, 5, '0')
         end as postal_code
    from src s
    left join counts k on k.country = s.c
    left join places p on p.country = s.c and p.n = s.h2 % k.cnt
)
update orders o
   set ship_to = jsonb_strip_nulls(jsonb_build_object('name', g.name, 'line1', g.line1, 'city', g.city, 'region', g.region, 'postal_code', g.postal_code))
                 || coalesce((select jsonb_object_agg(e.key, to_jsonb(btrim(e.value #>> '{}'))) from jsonb_each(g.old) e
                               where e.key in ('line1', 'line2', 'city', 'region', 'postal_code')
                                 and jsonb_typeof(e.value) = 'string' and btrim(e.value #>> '{}') <> ''), '{}'::jsonb)
                 || jsonb_build_object('name', g.name, 'country', g.c)
  from gen g
 where o.tenant_id = g.tenant_id and o.id = g.id;

alter table orders alter column ship_to set not null;
alter table orders add constraint orders_ship_to_complete check (coalesce(
  jsonb_typeof(ship_to) = 'object'
  and btrim(coalesce(ship_to->>'name', '')) <> ''
  and btrim(coalesce(ship_to->>'line1', '')) <> ''
  and btrim(coalesce(ship_to->>'city', '')) <> ''
  and btrim(coalesce(ship_to->>'postal_code', '')) <> ''
  and ship_to->>'country' = ship_to_country
  and (ship_to_country not in ('US', 'CA', 'AU') or btrim(coalesce(ship_to->>'region', '')) <> ''), false));

-- Labels: a return label comes from the customer's address (FROM) and goes to the seller; outbound
-- labels bought before this carried a name at most, and now carry their order's address.
alter table shipments add column ship_from_address jsonb;

update shipments s set ship_to = o.ship_to
  from orders o
 where s.direction = 'outbound' and o.tenant_id = s.tenant_id and o.id = s.order_id
   and btrim(coalesce(s.ship_to->>'line1', '')) = '';

update shipments s set ship_from_address = o.ship_to, ship_to = jsonb_build_object('name', t.name)
  from orders o, tenants t
 where s.direction = 'return' and o.tenant_id = s.tenant_id and o.id = s.order_id and t.id = s.tenant_id;

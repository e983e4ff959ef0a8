CREATE TABLE "plan_limits" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"plan_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"value" bigint NOT NULL,
	"unit" text NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "plan_limits_value" CHECK ("plan_limits"."value" >= 0)
);
--> statement-breakpoint
CREATE TABLE "plan_links" (
	"plan_id" uuid NOT NULL,
	"linked_plan_id" uuid NOT NULL,
	CONSTRAINT "plan_links_plan_id_linked_plan_id_pk" PRIMARY KEY("plan_id","linked_plan_id"),
	CONSTRAINT "plan_links_other" CHECK ("plan_links"."plan_id" <> "plan_links"."linked_plan_id")
);
--> statement-breakpoint
CREATE TABLE "plan_prices" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"plan_id" uuid NOT NULL,
	"currency" text NOT NULL,
	"billing_cycle" text NOT NULL,
	"amount" bigint NOT NULL,
	CONSTRAINT "plan_prices_amount" CHECK ("plan_prices"."amount" >= 0)
);
--> statement-breakpoint
CREATE TABLE "plan_roles" (
	"plan_id" uuid NOT NULL,
	"role" text NOT NULL,
	CONSTRAINT "plan_roles_plan_id_role_pk" PRIMARY KEY("plan_id","role")
);
--> statement-breakpoint
CREATE TABLE "plans" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"product_id" uuid NOT NULL,
	"name" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"min_users" integer DEFAULT 1 NOT NULL,
	"max_users" integer NOT NULL,
	"published" boolean DEFAULT false NOT NULL,
	"disabled" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "plans_users" CHECK ("plans"."min_users" >= 1 AND "plans"."max_users" >= "plans"."min_users")
);
--> statement-breakpoint
CREATE TABLE "products" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"is_bundle" boolean DEFAULT false NOT NULL,
	"disabled" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "plan_limits" ADD CONSTRAINT "plan_limits_plan_id_plans_id_fk" FOREIGN KEY ("plan_id") REFERENCES "public"."plans"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "plan_links" ADD CONSTRAINT "plan_links_plan_id_plans_id_fk" FOREIGN KEY ("plan_id") REFERENCES "public"."plans"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "plan_links" ADD CONSTRAINT "plan_links_linked_plan_id_plans_id_fk" FOREIGN KEY ("linked_plan_id") REFERENCES "public"."plans"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "plan_prices" ADD CONSTRAINT "plan_prices_plan_id_plans_id_fk" FOREIGN KEY ("plan_id") REFERENCES "public"."plans"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "plan_roles" ADD CONSTRAINT "plan_roles_plan_id_plans_id_fk" FOREIGN KEY ("plan_id") REFERENCES "public"."plans"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "plans" ADD CONSTRAINT "plans_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "plan_limits_plan" ON "plan_limits" USING btree ("plan_id","position");--> statement-breakpoint
CREATE UNIQUE INDEX "plan_prices_plan_currency_cycle" ON "plan_prices" USING btree ("plan_id","currency","billing_cycle");--> statement-breakpoint
CREATE UNIQUE INDEX "plans_name" ON "plans" USING btree (lower("name"));--> statement-breakpoint
CREATE INDEX "plans_product" ON "plans" USING btree ("product_id");--> statement-breakpoint
CREATE INDEX "plans_created" ON "plans" USING btree ("created_at","id");--> statement-breakpoint
CREATE UNIQUE INDEX "products_name" ON "products" USING btree (lower("name"));--> statement-breakpoint
CREATE INDEX "products_created" ON "products" USING btree ("created_at","id");--> statement-breakpoint
-- The catalogue belongs to no tenant: every scope reads it (members see published plans, a
-- purchase reads prices), only platform transactions (the super administrator's calls, the seed) change it.
ALTER TABLE products ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE products FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY products_read ON products FOR SELECT USING (true);
--> statement-breakpoint
CREATE POLICY products_platform ON products USING (current_setting('app.platform', true) = 'on') WITH CHECK (current_setting('app.platform', true) = 'on');
--> statement-breakpoint
ALTER TABLE plans ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE plans FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY plans_read ON plans FOR SELECT USING (true);
--> statement-breakpoint
CREATE POLICY plans_platform ON plans USING (current_setting('app.platform', true) = 'on') WITH CHECK (current_setting('app.platform', true) = 'on');
--> statement-breakpoint
ALTER TABLE plan_prices ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE plan_prices FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY plan_prices_read ON plan_prices FOR SELECT USING (true);
--> statement-breakpoint
CREATE POLICY plan_prices_platform ON plan_prices USING (current_setting('app.platform', true) = 'on') WITH CHECK (current_setting('app.platform', true) = 'on');
--> statement-breakpoint
ALTER TABLE plan_limits ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE plan_limits FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY plan_limits_read ON plan_limits FOR SELECT USING (true);
--> statement-breakpoint
CREATE POLICY plan_limits_platform ON plan_limits USING (current_setting('app.platform', true) = 'on') WITH CHECK (current_setting('app.platform', true) = 'on');
--> statement-breakpoint
ALTER TABLE plan_links ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE plan_links FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY plan_links_read ON plan_links FOR SELECT USING (true);
--> statement-breakpoint
CREATE POLICY plan_links_platform ON plan_links USING (current_setting('app.platform', true) = 'on') WITH CHECK (current_setting('app.platform', true) = 'on');
--> statement-breakpoint
ALTER TABLE plan_roles ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE plan_roles FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY plan_roles_read ON plan_roles FOR SELECT USING (true);
--> statement-breakpoint
CREATE POLICY plan_roles_platform ON plan_roles USING (current_setting('app.platform', true) = 'on') WITH CHECK (current_setting('app.platform', true) = 'on');

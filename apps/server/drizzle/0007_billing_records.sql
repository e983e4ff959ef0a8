CREATE TABLE "payment_transactions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"tenant_id" uuid NOT NULL,
	"reference" text NOT NULL,
	"mode" text NOT NULL,
	"amount" integer NOT NULL,
	"currency" text NOT NULL,
	"status" text NOT NULL,
	"remarks" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "subscriptions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"tenant_id" uuid NOT NULL,
	"product" text NOT NULL,
	"plan" text NOT NULL,
	"licenses" integer NOT NULL,
	"billing_cycle" text NOT NULL,
	"status" text NOT NULL,
	"auto_renewal" boolean DEFAULT true NOT NULL,
	"effective_date" timestamp with time zone NOT NULL,
	"next_invoice_date" timestamp with time zone,
	"next_invoice_amount" integer,
	"currency" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "payment_transactions" ADD CONSTRAINT "payment_transactions_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "subscriptions" ADD CONSTRAINT "subscriptions_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "payment_transactions_tenant_created" ON "payment_transactions" USING btree ("tenant_id","created_at","id");--> statement-breakpoint
CREATE INDEX "subscriptions_tenant_created" ON "subscriptions" USING btree ("tenant_id","created_at","id");--> statement-breakpoint
SELECT portal_enable_tenant_rls('payment_transactions');--> statement-breakpoint
SELECT portal_enable_tenant_rls('subscriptions');

CREATE TABLE "catalog_models" (
	"id" text PRIMARY KEY NOT NULL,
	"provider_id" text NOT NULL,
	"name" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"upstream_model" text NOT NULL,
	"is_per_call" boolean DEFAULT false NOT NULL,
	"fixed_price" integer DEFAULT 0 NOT NULL,
	"input_price" double precision DEFAULT 0 NOT NULL,
	"output_price" double precision DEFAULT 0 NOT NULL,
	"max_output_tokens" integer NOT NULL,
	"context_tokens" integer NOT NULL,
	"supports_images" boolean DEFAULT false NOT NULL,
	"web_search" boolean DEFAULT true NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"is_default" boolean DEFAULT false NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "catalog_models_prices" CHECK ("catalog_models"."fixed_price" between 0 and 1000000 and "catalog_models"."input_price" between 0 and 1000000 and "catalog_models"."output_price" between 0 and 1000000),
	CONSTRAINT "catalog_models_tokens" CHECK ("catalog_models"."max_output_tokens" >= 1 and "catalog_models"."context_tokens" >= 1)
);
--> statement-breakpoint
CREATE TABLE "catalog_providers" (
	"id" text PRIMARY KEY NOT NULL,
	"type" text NOT NULL,
	"base_url" text,
	"api_key_sealed" text,
	"api_key_hint" text,
	"api_key_env" text,
	"headers_sealed" text,
	"header_names" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "catalog_providers_type" CHECK ("catalog_providers"."type" in ('offline', 'openai-compatible', 'openai', 'anthropic'))
);
--> statement-breakpoint
CREATE TABLE "model_catalog" (
	"id" smallint PRIMARY KEY DEFAULT 1 NOT NULL,
	"revision" bigint DEFAULT 1 NOT NULL,
	"seeded_from" text NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" uuid,
	CONSTRAINT "model_catalog_one_row" CHECK ("model_catalog"."id" = 1)
);
--> statement-breakpoint
ALTER TABLE "plans" ADD COLUMN "model_ids" jsonb;--> statement-breakpoint
ALTER TABLE "catalog_models" ADD CONSTRAINT "catalog_models_provider_id_catalog_providers_id_fk" FOREIGN KEY ("provider_id") REFERENCES "public"."catalog_providers"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "model_catalog" ADD CONSTRAINT "model_catalog_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "catalog_models_one_default" ON "catalog_models" USING btree ("is_default") WHERE "catalog_models"."is_default";--> statement-breakpoint
CREATE INDEX "catalog_models_provider" ON "catalog_models" USING btree ("provider_id");
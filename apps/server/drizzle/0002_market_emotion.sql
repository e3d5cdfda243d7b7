CREATE TABLE "market_emotion_days" (
	"source" text NOT NULL,
	"trade_date" date NOT NULL,
	"value" double precision NOT NULL,
	"detail" jsonb NOT NULL,
	"slots" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "market_emotion_days_source_trade_date_pk" PRIMARY KEY("source","trade_date")
);

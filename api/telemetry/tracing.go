package telemetry

import (
	"context"
	"fmt"
	"strings"

	"go.opentelemetry.io/otel"
	"go.opentelemetry.io/otel/exporters/otlp/otlptrace/otlptracehttp"
	"go.opentelemetry.io/otel/propagation"
	"go.opentelemetry.io/otel/sdk/resource"
	sdktrace "go.opentelemetry.io/otel/sdk/trace"
	semconv "go.opentelemetry.io/otel/semconv/v1.26.0"
	"go.opentelemetry.io/otel/trace"
	"go.opentelemetry.io/otel/trace/noop"
)

// TracingEnabled reports whether the standard OTEL_* variables ask for
// traces: an OTLP endpoint is set (OTEL_EXPORTER_OTLP_ENDPOINT or
// OTEL_EXPORTER_OTLP_TRACES_ENDPOINT), OTEL_TRACES_EXPORTER is unset or
// "otlp", and OTEL_SDK_DISABLED is not "true". Off by default.
func TracingEnabled(getenv func(string) string) bool {
	if strings.EqualFold(getenv("OTEL_SDK_DISABLED"), "true") {
		return false
	}
	if e := strings.ToLower(getenv("OTEL_TRACES_EXPORTER")); e != "" && e != "otlp" {
		return false
	}
	return getenv("OTEL_EXPORTER_OTLP_ENDPOINT") != "" || getenv("OTEL_EXPORTER_OTLP_TRACES_ENDPOINT") != ""
}

// SetupTracing returns the tracer provider the service uses and a function
// that flushes and stops it. When tracing is off it returns a no-op
// provider. When on, spans go to an OTLP/HTTP exporter configured by the
// OTEL_EXPORTER_OTLP_* variables (endpoint, headers, timeout, compression,
// certificates), sampled by OTEL_TRACES_SAMPLER(_ARG) and described by
// OTEL_SERVICE_NAME / OTEL_RESOURCE_ATTRIBUTES; W3C traceparent is
// propagated. Only the http/protobuf protocol is built in.
func SetupTracing(ctx context.Context, getenv func(string) string) (trace.TracerProvider, func(context.Context) error, error) {
	if !TracingEnabled(getenv) {
		return noop.NewTracerProvider(), func(context.Context) error { return nil }, nil
	}
	proto := getenv("OTEL_EXPORTER_OTLP_TRACES_PROTOCOL")
	if proto == "" {
		proto = getenv("OTEL_EXPORTER_OTLP_PROTOCOL")
	}
	if proto != "" && proto != "http/protobuf" {
		return nil, nil, fmt.Errorf("OTEL_EXPORTER_OTLP_PROTOCOL: %q is not supported; use http/protobuf", proto)
	}
	exp, err := otlptracehttp.New(ctx)
	if err != nil {
		return nil, nil, fmt.Errorf("otlp trace exporter: %w", err)
	}
	res, err := resource.Merge(resource.Default(), resource.NewSchemaless(semconv.ServiceName(serviceName(getenv))))
	if err != nil {
		return nil, nil, fmt.Errorf("otel resource: %w", err)
	}
	// resource.Default already read OTEL_RESOURCE_ATTRIBUTES; an explicit
	// OTEL_SERVICE_NAME wins over the default name.
	tp := sdktrace.NewTracerProvider(sdktrace.WithBatcher(exp), sdktrace.WithResource(res))
	otel.SetTracerProvider(tp)
	otel.SetTextMapPropagator(propagation.TraceContext{})
	return tp, tp.Shutdown, nil
}

func serviceName(getenv func(string) string) string {
	if v := getenv("OTEL_SERVICE_NAME"); v != "" {
		return v
	}
	return "propertyapi"
}

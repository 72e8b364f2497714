// Command keyctl administers organisations, API keys, public keys and plans
// in the Redis store the API reads (REDIS_URL, RATELIMIT_NAMESPACE).
//
//	keyctl org create -name NAME [-anchor-day D]
//	keyctl org list
//	keyctl key create -org ORG -plan PLAN [-name NAME]
//	keyctl key list -org ORG
//	keyctl key revoke -id KEY
//	keyctl key rotate -id KEY
//	keyctl key plan -id KEY -plan PLAN
//	keyctl key limits -id KEY [-quota N] [-rate N]
//	keyctl public create -org ORG -plan PLAN -tools a,b -origins https://x.example,y.example [-name NAME]
//	keyctl usage -org ORG
//	keyctl key generate [-public]
//
// A new key is printed once, on its own line, and never stored: only its
// SHA-256 is.
package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"os/signal"
	"slices"
	"strings"
	"text/tabwriter"
	"time"

	"github.com/redis/go-redis/v9"

	"github.com/ukpd/propertyapi/api/embedtool"
	"github.com/ukpd/propertyapi/ratelimit"
)

func main() {
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt)
	defer stop()
	if err := run(ctx, os.Args[1:], os.Getenv, os.Stdout); err != nil {
		fmt.Fprintln(os.Stderr, "keyctl:", err)
		os.Exit(1)
	}
}

const usageText = `usage:
  keyctl org create -name NAME [-anchor-day D]
  keyctl org list
  keyctl key create -org ORG -plan PLAN [-name NAME]
  keyctl key list -org ORG
  keyctl key revoke -id KEY
  keyctl key rotate -id KEY
  keyctl key plan -id KEY -plan PLAN
  keyctl key limits -id KEY [-quota N] [-rate N]   (0 = plan default, -1 = unlimited)
  keyctl public create -org ORG -plan PLAN -tools SLUG,... -origins ORIGIN,... [-name NAME]
  keyctl usage -org ORG
  keyctl key generate [-public]   (prints a key stored nowhere, for DEV_API_KEY of a server without Redis)
environment: REDIS_URL (required), RATELIMIT_NAMESPACE (default "ukpd:")`

func run(ctx context.Context, args []string, getenv func(string) string, out io.Writer) error {
	if len(args) == 0 || args[0] == "-h" || args[0] == "help" {
		fmt.Fprintln(out, usageText)
		return nil
	}
	if len(args) >= 2 && args[0] == "key" && args[1] == "generate" {
		// A well-formed key that is stored nowhere: for DEV_API_KEY.
		kind := ratelimit.KindSecret
		if len(args) >= 3 && args[2] == "-public" {
			kind = ratelimit.KindPublic
		}
		secret, _, err := ratelimit.NewKey(kind)
		if err != nil {
			return err
		}
		fmt.Fprintln(out, secret)
		return nil
	}
	url := getenv("REDIS_URL")
	if url == "" {
		return errors.New("REDIS_URL is not set: keyctl works on the Redis store the API servers share")
	}
	ns := getenv("RATELIMIT_NAMESPACE")
	if ns == "" {
		ns = "ukpd:"
	}
	ro, err := ratelimit.RedisOptions(url)
	if err != nil {
		return err
	}
	ro.ReadTimeout, ro.WriteTimeout, ro.DialTimeout = 2*time.Second, 2*time.Second, 2*time.Second
	rdb := redis.NewClient(ro)
	defer rdb.Close()
	svc := ratelimit.New(ratelimit.NewRedisStore(rdb, ns), ratelimit.Options{CacheTTL: -1})
	return dispatch(ctx, svc, args, out)
}

func dispatch(ctx context.Context, svc *ratelimit.Service, args []string, out io.Writer) error {
	cmd := args[0]
	if len(args) > 1 && !strings.HasPrefix(args[1], "-") {
		cmd += " " + args[1]
		args = args[2:]
	} else {
		args = args[1:]
	}
	fs := flag.NewFlagSet("keyctl "+cmd, flag.ContinueOnError)
	fs.SetOutput(out)
	name := fs.String("name", "", "name")
	anchor := fs.Int("anchor-day", 0, "billing anchor day 1..28 (0: calendar month)")
	org := fs.String("org", "", "organisation id or name")
	plan := fs.String("plan", "", "plan: "+strings.Join(ratelimit.PlanNames(), ", "))
	id := fs.String("id", "", "key id")
	quota := fs.Int("quota", 0, "monthly quota override (0 plan default, -1 unlimited)")
	rate := fs.Int("rate", 0, "per-second override (0 plan default, -1 unlimited)")
	tools := fs.String("tools", "", "comma-separated tool slugs: "+strings.Join(embedtool.Names(), ", "))
	origins := fs.String("origins", "", "comma-separated origins (https://app.example.com) or hosts (example.com, *.example.com)")
	if err := fs.Parse(args); err != nil {
		return err
	}
	need := func(v, flagName string) error {
		if v == "" {
			return fmt.Errorf("%s: -%s is required", cmd, flagName)
		}
		return nil
	}
	if *org != "" {
		resolved, err := resolveOrg(ctx, svc, *org)
		if err != nil {
			return err
		}
		*org = resolved
	}
	switch cmd {
	case "org create":
		if *name != "" {
			if id, err := resolveOrg(ctx, svc, *name); err == nil {
				return fmt.Errorf("org create: an organisation named %q already exists (%s)", *name, id)
			}
		}
		o, err := svc.CreateOrg(ctx, *name, *anchor)
		if err != nil {
			return err
		}
		fmt.Fprintf(out, "organisation %s created (%s)\n", o.ID, o.Name)
	case "org list":
		orgs, err := svc.Store().Orgs(ctx)
		if err != nil {
			return err
		}
		tw := tabwriter.NewWriter(out, 0, 4, 2, ' ', 0)
		fmt.Fprintln(tw, "ID\tNAME\tANCHOR DAY\tCREATED")
		for _, o := range orgs {
			fmt.Fprintf(tw, "%s\t%s\t%d\t%s\n", o.ID, o.Name, o.AnchorDay, o.Created.Format(time.RFC3339))
		}
		return tw.Flush()
	case "key create", "public create":
		if err := need(*org, "org"); err != nil {
			return err
		}
		if err := need(*plan, "plan"); err != nil {
			return err
		}
		spec := ratelimit.KeySpec{OrgID: *org, Plan: *plan, Name: *name}
		if cmd == "public create" {
			spec.Kind = ratelimit.KindPublic
			spec.Tools, spec.Origins = splitList(*tools), splitList(*origins)
			for _, t := range spec.Tools {
				if !slices.Contains(embedtool.Names(), t) {
					return fmt.Errorf("unknown tool %q (want %s)", t, strings.Join(embedtool.Names(), ", "))
				}
			}
		}
		k, secret, err := svc.CreateKey(ctx, spec)
		if err != nil {
			return err
		}
		printNewKey(out, k, secret)
	case "key list":
		if err := need(*org, "org"); err != nil {
			return err
		}
		keys, err := svc.ListKeys(ctx, *org)
		if err != nil {
			return err
		}
		return printKeys(out, keys)
	case "key revoke":
		if err := need(*id, "id"); err != nil {
			return err
		}
		k, err := svc.RevokeKey(ctx, *id)
		if err != nil {
			return err
		}
		fmt.Fprintf(out, "key %s (%s…) revoked at %s\n", k.ID, k.Prefix, k.Revoked.Format(time.RFC3339))
	case "key rotate":
		if err := need(*id, "id"); err != nil {
			return err
		}
		k, secret, err := svc.RotateKey(ctx, *id)
		if err != nil {
			return err
		}
		printNewKey(out, k, secret)
		fmt.Fprintf(out, "the old key %s keeps working until you run: keyctl key revoke -id %s\n", *id, *id)
	case "key plan":
		if err := need(*id, "id"); err != nil {
			return err
		}
		keys, err := svc.SetPlan(ctx, *id, *plan)
		if err != nil {
			return err
		}
		return printKeys(out, keys)
	case "key limits":
		if err := need(*id, "id"); err != nil {
			return err
		}
		keys, err := svc.SetOverrides(ctx, *id, *quota, *rate)
		if err != nil {
			return err
		}
		return printKeys(out, keys)
	case "usage":
		if err := need(*org, "org"); err != nil {
			return err
		}
		us, err := svc.Usage(ctx, *org)
		if err != nil {
			return err
		}
		tw := tabwriter.NewWriter(out, 0, 4, 2, ' ', 0)
		fmt.Fprintln(tw, "METER\tKEYS\tPLAN\tUSED\tQUOTA\tPERIOD")
		total := 0
		for _, u := range us {
			var ids []string
			for _, k := range u.Keys {
				ids = append(ids, k.Prefix+"…")
			}
			q := "unlimited"
			if u.Quota != ratelimit.Unlimited {
				q = fmt.Sprint(u.Quota)
			}
			fmt.Fprintf(tw, "%s\t%s\t%s\t%d\t%s\t%s to %s\n", u.Meter, strings.Join(ids, ","), u.Plan, u.Used, q,
				u.Period.Start.Format("2006-01-02"), u.Period.End.Format("2006-01-02"))
			total += u.Used
		}
		fmt.Fprintf(tw, "TOTAL\t\t\t%d\t\t\n", total)
		return tw.Flush()
	default:
		return fmt.Errorf("unknown command %q\n%s", cmd, usageText)
	}
	return nil
}

func splitList(s string) []string {
	var out []string
	for _, p := range strings.Split(s, ",") {
		if p = strings.TrimSpace(p); p != "" {
			out = append(out, p)
		}
	}
	return out
}

func printNewKey(out io.Writer, k ratelimit.Key, secret string) {
	fmt.Fprintf(out, "%s key %s created for %s on plan %s (meter %s)\n", k.Kind, k.ID, k.OrgID, k.Plan, k.Meter)
	if k.Kind == ratelimit.KindPublic {
		fmt.Fprintf(out, "tools: %s; origins: %s\n", strings.Join(k.Tools, ","), strings.Join(k.Origins, ","))
	}
	fmt.Fprintln(out, "the key is shown once; store it now:")
	fmt.Fprintln(out, secret)
}

func printKeys(out io.Writer, keys []ratelimit.Key) error {
	tw := tabwriter.NewWriter(out, 0, 4, 2, ' ', 0)
	fmt.Fprintln(tw, "ID\tPREFIX\tKIND\tPLAN\tMETER\tNAME\tCREATED\tREVOKED\tSCOPE")
	for _, k := range keys {
		rev := "-"
		if !k.Active() {
			rev = k.Revoked.Format(time.RFC3339)
		}
		scope := ""
		if k.Kind == ratelimit.KindPublic {
			scope = strings.Join(k.Tools, ",") + " @ " + strings.Join(k.Origins, ",")
		}
		if k.QuotaOverride != 0 || k.RateOverride != 0 {
			scope += fmt.Sprintf(" overrides quota=%d rate=%d", k.QuotaOverride, k.RateOverride)
		}
		fmt.Fprintf(tw, "%s\t%s…\t%s\t%s\t%s\t%s\t%s\t%s\t%s\n", k.ID, k.Prefix, k.Kind, k.Plan, k.Meter, k.Name,
			k.Created.Format(time.RFC3339), rev, scope)
	}
	return tw.Flush()
}

// resolveOrg accepts an organisation id or the name it was created with
// (which must then be unambiguous).
func resolveOrg(ctx context.Context, svc *ratelimit.Service, v string) (string, error) {
	orgs, err := svc.Store().Orgs(ctx)
	if err != nil {
		return "", err
	}
	var byName []string
	for _, o := range orgs {
		if o.ID == v {
			return v, nil
		}
		if o.Name == v {
			byName = append(byName, o.ID)
		}
	}
	switch len(byName) {
	case 0:
		return "", fmt.Errorf("no organisation with id or name %q (see keyctl org list)", v)
	case 1:
		return byName[0], nil
	}
	return "", fmt.Errorf("several organisations are named %q (%s): use the id", v, strings.Join(byName, ", "))
}

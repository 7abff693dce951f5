/// How kubectl lets a command line write a Kubernetes object's kind in `KIND/NAME`: in
/// any case, singular or plural, with its API group or without (`deployment.apps`), or
/// by the short name kubectl gives the built-in kinds (`cm`, `deploy`).
enum KubernetesKind {
  /// Whether `written`, the part of a `KIND/NAME` before its slash, stands for `kind`,
  /// as a manifest's `kind:` member writes it (`ConfigMap`).
  static func names(_ kind: Substring, written: String) -> Bool {
    let kind = kind.lowercased()
    var given = written.lowercased()
    // A kind with its group, `deployment.apps`, `certificate.cert-manager.io`.
    if let dot = given.firstIndex(of: ".") { given = String(given[..<dot]) }
    if given == kind || given == kind + "s" || given == kind + "es" { return true }
    if kind.hasSuffix("y") && given == kind.dropLast() + "ies" { return true }
    return shortNames[given] == kind
  }

  /// The short names `kubectl api-resources` lists for the built-in kinds, with the kind
  /// each stands for, in lower case.
  private static let shortNames: [String: String] = [
    "cm": "configmap", "cj": "cronjob", "crd": "customresourcedefinition",
    "csr": "certificatesigningrequest", "deploy": "deployment", "ds": "daemonset",
    "ep": "endpoints", "ev": "event", "hpa": "horizontalpodautoscaler", "ing": "ingress",
    "limits": "limitrange", "netpol": "networkpolicy", "no": "node", "ns": "namespace",
    "pc": "priorityclass", "pdb": "poddisruptionbudget", "po": "pod", "pv": "persistentvolume",
    "pvc": "persistentvolumeclaim", "quota": "resourcequota", "rc": "replicationcontroller",
    "rs": "replicaset", "sa": "serviceaccount", "sc": "storageclass", "sts": "statefulset",
    "svc": "service",
  ]
}

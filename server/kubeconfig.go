package server

import (
	"os"
	"path/filepath"

	"k8s.io/client-go/tools/clientcmd"
	clientcmdapi "k8s.io/client-go/tools/clientcmd/api"
)

// kubeconfigName names the cluster, user and context of the kubeconfig.
const kubeconfigName = "metagen"

// Kubeconfig returns a kubeconfig whose current context is this server, for
// kubectl and other clients that read one: the server's CA and the admin's
// bearer token, as a real cluster's admin kubeconfig has them. It is a
// credential: WriteKubeconfig writes it readable by its owner only.
func (s *Server) Kubeconfig() *clientcmdapi.Config {
	config := clientcmdapi.NewConfig()
	config.Clusters[kubeconfigName] = &clientcmdapi.Cluster{Server: s.url, CertificateAuthorityData: s.CAData()}
	config.AuthInfos[kubeconfigName] = &clientcmdapi.AuthInfo{Token: s.ids.adminToken}
	config.Contexts[kubeconfigName] = &clientcmdapi.Context{Cluster: kubeconfigName, AuthInfo: kubeconfigName, Namespace: "default"}
	config.CurrentContext = kubeconfigName
	return config
}

// WriteKubeconfig writes Kubeconfig to path, atomically: a reader sees no
// file or the whole file.
func (s *Server) WriteKubeconfig(path string) error {
	data, err := clientcmd.Write(*s.Kubeconfig())
	if err != nil {
		return err
	}
	tmp, err := os.CreateTemp(filepath.Dir(path), filepath.Base(path)+".*")
	if err != nil {
		return err
	}
	defer os.Remove(tmp.Name())
	if _, err := tmp.Write(data); err != nil {
		tmp.Close()
		return err
	}
	if err := tmp.Close(); err != nil {
		return err
	}
	return os.Rename(tmp.Name(), path)
}

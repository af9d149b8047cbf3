// A test target writes `import NavStateTesting`: it brings NavState whole,
// every type the checks name (the registry, the error, tag styles).
// PublicSurfaceTests holds every type a public member names to what this
// import brings.
@_exported public import NavState

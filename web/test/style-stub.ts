// Jest cannot import stylesheets; components only need the import to resolve.
export {};

export { MongoReadModelStore } from './mongo-read-model-store.js';

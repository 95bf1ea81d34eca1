# One image for every Mnemo service; docker-compose.yml picks the service with `--target`.
FROM node:20-bookworm-slim
WORKDIR /app
COPY . .
RUN npm ci --omit=dev && npm cache clean --force
ENV NODE_ENV=production MNEMO_HTTP_HOST=0.0.0.0
ENTRYPOINT ["node", "bin/mnemo.js"]
CMD ["start", "--target", "all"]
